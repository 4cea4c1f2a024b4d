// Vite's raw imports (`?raw`): a file's text, as the tests read docs with it.
declare module '*.md?raw' {
  const text: string;
  export default text;
}
