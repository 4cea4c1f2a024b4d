import { type WatcherEnv, watchOnce } from './watch';

/**
 * The site's watcher: a Worker of its own that probes the site every minute from outside its Worker and mails the
 * operator when it is down and when it is back (watch.ts). It answers no one.
 */
export default {
  async scheduled(controller, env) {
    // A failure (the mail could not be sent) fails the run, which Cloudflare logs; the next run tries again.
    await watchOnce(env, new Date(controller.scheduledTime));
  },
  async fetch() {
    return new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<WatcherEnv>;
