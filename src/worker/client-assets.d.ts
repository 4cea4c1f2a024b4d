declare module 'virtual:client-assets' {
  interface ChunkAssets {
    script: string;
    css: string[];
    preload: string[];
  }
  const assets: { dev: boolean; entry: ChunkAssets; pages: Record<string, ChunkAssets> };
  export default assets;
}
