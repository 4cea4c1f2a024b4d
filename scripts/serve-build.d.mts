export function ensureBuild(options?: { rebuild?: boolean }): void;
export function serveBuild(options: {
  port: number;
  stateDir: string;
  vars?: Record<string, string>;
  config?: string;
  devtools?: boolean;
  prepared?: boolean;
}): Promise<{ url: string; output: () => string; stop: () => Promise<void> }>;
export const PRODUCTION_VARS: Record<string, string>;
