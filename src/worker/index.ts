import { app } from './app';
import { runCron } from './jobs/cron';
import { handleEmailBatch } from './jobs/email-queue';

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await handleEmailBatch(batch, env);
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCron(env));
  },
} satisfies ExportedHandler<Env>;
