import { useEffect, useRef, type RefObject } from "react";

/** How long after a navigation its smooth scroll to the top (or anchor) is not the user's scroll. */
const NAVIGATION_SCROLL_MS = 1_500;

/**
 * Progressive enhancement for the header's `<details>` menus (they already open without JS):
 * only one open at a time, and all close on an outside click, on scroll, or with Escape.
 */
export function useExclusiveMenus(container: RefObject<HTMLElement | null>, navigationKey: string) {
  // A navigation scrolls smoothly to the top (SPEC §2); that scroll must not close a menu opened
  // meanwhile, only the user's own scrolling does.
  const navigationScrollUntil = useRef(0);
  const firstKey = useRef(navigationKey);
  useEffect(() => {
    // The first page of a visit is a document load, not a client navigation.
    if (navigationKey === firstKey.current) return;
    firstKey.current = "";
    navigationScrollUntil.current = performance.now() + NAVIGATION_SCROLL_MS;
  }, [navigationKey]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    return installExclusiveMenus(root, () => performance.now() < navigationScrollUntil.current);
  }, [container]);
}

/**
 * The behaviour itself, on the DOM alone: React pages install it from the hook above, pages that
 * ship no JavaScript bundle (`handle.hydrate: false`) from `STATIC_PAGE_SCRIPT`, an inline script
 * made from this function's source — so it must not use anything from outside its own body.
 * Returns the uninstaller.
 */
export function installExclusiveMenus(root: HTMLElement, isNavigationScroll: () => boolean): () => void {
  const menus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[data-menu]"));
  const closeAll = (except?: Element) => {
    for (const menu of menus()) if (menu !== except && menu.open) menu.open = false;
  };
  const onToggle = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLDetailsElement && target.dataset.menu !== undefined && target.open) closeAll(target);
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target as Node;
    const inside = menus().find((menu) => menu.contains(target));
    closeAll(inside);
    // A link inside a menu navigates: close its menu too.
    if (inside && (target as Element).closest?.("a")) inside.open = false;
  };
  // Scroll events that do not move the page (scroll restoration after a navigation scrolling to
  // where it already is) must not close a menu the user has just opened.
  let lastScroll = { x: window.scrollX, y: window.scrollY };
  const onScroll = () => {
    const moved = Math.abs(window.scrollY - lastScroll.y) >= 1 || Math.abs(window.scrollX - lastScroll.x) >= 1;
    lastScroll = { x: window.scrollX, y: window.scrollY };
    if (!moved || isNavigationScroll()) return;
    // The full-screen mobile menu scrolls itself; only desktop dropdowns close on page scroll.
    for (const menu of menus()) if (menu.open && menu.dataset.menu !== "mobile") menu.open = false;
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    const open = menus().find((menu) => menu.open);
    if (open) {
      open.open = false;
      open.querySelector("summary")?.focus();
    }
  };
  root.addEventListener("toggle", onToggle, true);
  document.addEventListener("click", onClick);
  window.addEventListener("scroll", onScroll, { passive: true });
  document.addEventListener("keydown", onKey);
  return () => {
    root.removeEventListener("toggle", onToggle, true);
    document.removeEventListener("click", onClick);
    window.removeEventListener("scroll", onScroll);
    document.removeEventListener("keydown", onKey);
  };
}
