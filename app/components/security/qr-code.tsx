/**
 * A QR code drawn by the server (app/server/qr.server.ts) as inline SVG: always dark modules on a
 * white square, also in the dark theme, because authenticator apps read dark-on-light reliably.
 */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-48 w-48 rounded-md border border-slate-300 sm:h-56 sm:w-56 dark:border-slate-600"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
