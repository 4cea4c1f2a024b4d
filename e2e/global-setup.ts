import { ensureBuild, serveBuild } from '../scripts/serve-build.mjs';

/** Builds once, serves the built Worker with fresh seeded state, and stops it after the run. */
export default async function globalSetup() {
  ensureBuild({ rebuild: !process.env.E2E_REUSE_BUILD });
  const port = Number(process.env.E2E_PORT ?? 8790);
  const server = await serveBuild({
    port,
    stateDir: `.e2e/state-${port}`,
    // An offline map style (no network for tiles); mail kept for /dev/mail.json, which only development serves.
    vars: { MAP_STYLE_URL: '/map-style.json', ENVIRONMENT: 'development', MAIL_TRANSPORT: 'development' },
  });
  return async () => {
    await server.stop();
  };
}
