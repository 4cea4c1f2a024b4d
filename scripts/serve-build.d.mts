export function ensureBuild(options?: { rebuild?: boolean }): void;
export function serveBuild(options: {
  port: number;
  stateDir: string;
  vars?: Record<string, string>;
}): Promise<{ url: string; output: () => string; stop: () => Promise<void> }>;
