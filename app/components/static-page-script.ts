import { installExclusiveMenus } from "./menus";

/** Toast close buttons on pages without the React bundle (the toasts hide themselves by CSS). */
export function installToastClose(): void {
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    target.closest("[data-toast-close]")?.closest("[data-toast-type]")?.remove();
  });
}

/**
 * The inline script of pages that ship no JavaScript bundle (`handle.hydrate: false`, blog and
 * info pages: docs/decisions/2026-11-27-page-cache.md): the header menus and toast buttons behave
 * as on React pages. Made from the functions' own source, so there is one implementation. The
 * bundler may wrap inner functions in its `__name` helper (esbuild's keep_names, which
 * wrangler.toml turns off but other builds of this module may keep): the script brings a stand-in
 * that returns the function.
 */
export const STATIC_PAGE_SCRIPT = `(function(){var __name=function(f){return f};(${installExclusiveMenus.toString()})(document.querySelector("header"),function(){return false});(${installToastClose.toString()})();})();`;
