/**
 * Where `npm run deploy` records each deploy in KV (`CACHE`): its commit, when, and the database's Time Travel
 * bookmark from before its migrations — the way back from a migration that went wrong. `/healthz` shows it to the
 * health token's holder.
 */
export const DEPLOY_RECORD_KEY = 'deploy:last';

export interface DeployRecord {
  commit: string;
  at: string;
  bookmark: string;
}
