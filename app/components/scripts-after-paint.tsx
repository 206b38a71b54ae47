import { Scripts } from "@remix-run/react";
import { Children, cloneElement, Fragment, isValidElement, type ReactNode } from "react";

/** The `rel` of an inert modulepreload hint: a relation no browser acts on. */
export const INERT_PRELOAD_REL = "x-modulepreload";

/** The `type` of the held module script: an unknown type, so the browser keeps it as data. */
export const HELD_MODULE_TYPE = "text/x-module-after-paint";

/** The longest the held module waits for the first paint to be reported. */
export const HELD_MODULE_MAX_WAIT_MS = 3000;

/**
 * The starter that follows the held module script (ES5, inline, under the page's nonce): once the
 * first contentful paint is reported (at once in a hidden tab or without paint timing) it inserts
 * a module script with the held one's text, under its nonce, and takes it out again: a module
 * script runs once inserted, and React, which hydrates the document, never rendered it. Only the
 * server renders its text: the browser hydrates the element and keeps what it holds (as Remix does
 * with its own module script), so the client bundle carries an empty string (Vite replaces
 * `import.meta.env.SSR` when it builds each side).
 */
const START_HELD_MODULE = !import.meta.env.SSR
  ? ""
  : `(function(){var me=document.currentScript,held=me&&me.previousElementSibling,started=false;if(!held)return;function start(){if(started)return;started=true;var s=document.createElement("script");s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;document.head.appendChild(s);s.remove()}try{if(document.visibilityState!=="visible"||PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)return start();new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});setTimeout(start,${HELD_MODULE_MAX_WAIT_MS})}catch(e){start()}})();`;

type ScriptsProps = Parameters<typeof Scripts>[0];

/**
 * Remix's `<Scripts>` with the page's JavaScript held until the first paint (issue 25; decision
 * records 2026-11-29-speed.md and 2026-11-29-scripts-after-paint.md):
 *
 * - its `<link rel="modulepreload">` hints are inert: `rel` INERT_PRELOAD_REL, the address in
 *   `data-href`. Chromium fetches and compiles every preloaded module as soon as its preload
 *   scanner sees the hint, while it still parses and lays out the document; on a 2-core machine
 *   that work ran beside the first paint and put it later (FCP median of 60 new-tab loads of
 *   /domain-search, 152 ms with the hints, 132 ms without);
 * - its module script (the route modules, the manifest, the entry) has the type HELD_MODULE_TYPE,
 *   which no browser runs, and is followed by a starter that runs a copy of it after the first
 *   contentful paint: fetching and compiling 120 KB of modules otherwise shares the two cores with
 *   the raster of that first frame (50 loads each: FCP 136 ms as sent, 128 ms held).
 *
 * Every page works before its JavaScript runs, so a later start of hydration costs nothing a
 * visitor can see. The browser renders the same elements (it hydrates them), then, as Remix's own
 * component does, nothing once hydrated. `<Scripts>` is called as a function so that what it
 * renders can be changed: its hooks run as this component's, unconditionally and in the same
 * order on every render.
 */
export function ScriptsAfterPaint(props: ScriptsProps) {
  return hold(Scripts(props), props.nonce);
}

type ScriptsElementProps = {
  rel?: unknown;
  href?: unknown;
  "data-href"?: unknown;
  type?: unknown;
  children?: ReactNode;
};

function hold(node: ReactNode, nonce: string | undefined): ReactNode {
  if (!isValidElement<ScriptsElementProps>(node)) return node;
  if (node.type === Fragment)
    return <Fragment key={node.key}>{Children.map(node.props.children, (child) => hold(child, nonce))}</Fragment>;
  if (node.type === "link" && node.props.rel === "modulepreload")
    return cloneElement(node, { rel: INERT_PRELOAD_REL, href: undefined, "data-href": node.props.href });
  if (node.type === "script" && node.props.type === "module")
    return (
      <Fragment key={node.key}>
        {cloneElement(node, { type: HELD_MODULE_TYPE })}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: START_HELD_MODULE }} />
      </Fragment>
    );
  return node;
}
