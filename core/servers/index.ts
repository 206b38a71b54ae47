// Servers (issue 11): VPS (x86, ARM), CPU and GPU root servers and web hosting. Pure rules shared
// by the API and the storefront, one module per purpose; this file only re-exports them so that
// `core/servers` stays one import for the pages and the contract.
export * from "./catalogue";
export * from "./hostname";
export * from "./item-details";
export * from "./messages";
export * from "./order";
export * from "./pricing";
export * from "./ssh-key";
export * from "./status";
