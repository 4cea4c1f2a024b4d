// Data modules (wrangler's and @cloudflare/vite-plugin's `.bin` rule): the file's bytes.
declare module '*.bin' {
  const data: ArrayBuffer;
  export default data;
}

// opentype.js's ES module, typed with what the card uses (@types/opentype.js would bring the DOM's types along).
declare module 'opentype.js/dist/opentype.mjs' {
  export function parse(buffer: ArrayBuffer): import('./text').Font;
}
