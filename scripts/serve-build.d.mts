export function ensureBuild(options?: { rebuild?: boolean }): void;
type Served = { url: string; output: () => string; stop: () => Promise<void> };
export function serveBuild(options: {
  port: number;
  stateDir: string;
  vars?: Record<string, string>;
  config?: string;
  devtools?: boolean;
  runtime?: Record<string, string>;
  prepared?: boolean;
}): Promise<Served>;
export function serveWorker(options: {
  config: string;
  port: number;
  persist: string;
  vars?: Record<string, string>;
  runtime?: Record<string, string>;
  probe?: string;
}): Promise<Served>;
export const PRODUCTION_VARS: Record<string, string>;
export const PRODUCTION_RUNTIME: Record<string, string>;
