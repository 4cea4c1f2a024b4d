import { app } from './app';
import { runCron } from './jobs/cron';
import { log } from './lib/logger';
import { handleEmailBatch } from './mail/consumer';
import { refusedSettings } from './settings/worker';
import { handleShareMessages } from './share/job';
import { isShareMessage, type ShareMessage } from './share/storage';

/** How long a mail waits before its next try while the configuration is refused. */
const MISCONFIGURED_RETRY_SECONDS = 300;

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    // A refused configuration (settings/checks.ts) sends nothing: a mail with a wrong site URL in its links cannot
    // be taken back. The messages come back later; the outbox keeps every row until it is sent.
    const refused = refusedSettings(env);
    if (refused.length) {
      log.error('mail queue paused: misconfigured', { settings: refused });
      batch.retryAll({ delaySeconds: MISCONFIGURED_RETRY_SECONDS });
      return;
    }
    // Share card renders travel on the same queue as the mails (decision record 025).
    const shares = batch.messages.filter((message): message is Message<ShareMessage> => isShareMessage(message.body));
    await handleEmailBatch(batch, env);
    await handleShareMessages(shares, env);
  },
  async scheduled(controller, env, ctx) {
    const refused = refusedSettings(env);
    if (refused.length) {
      log.error('cron skipped: misconfigured', { settings: refused });
      return;
    }
    ctx.waitUntil(runCron(env, new Date(controller.scheduledTime), controller.cron));
  },
} satisfies ExportedHandler<Env>;
