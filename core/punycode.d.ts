// The npm `punycode` package (not Node's deprecated built-in of the same name), ES module entry.
declare module "punycode/punycode.es6.js" {
  export function toUnicode(input: string): string;
  export function toASCII(input: string): string;
  export function encode(input: string): string;
  export function decode(input: string): string;
}
