import { log } from '../lib/logger';
import { checkSettings, disables, type Feature, type Finding } from './checks';

interface Checked {
  findings: readonly Finding[];
  /** The settings whose mistakes stop the Worker, each once. */
  refused: readonly string[];
}

/** The check of each settings object: an isolate checks its configuration once, not per request. */
const checked = new WeakMap<object, Checked>();

/**
 * This Worker's settings checked (settings/checks.ts), once per isolate. The first check logs each refusal at error
 * level and each switched-off feature as a warning, naming the setting, never its value.
 */
function check(env: Env): Checked {
  const known = checked.get(env);
  if (known) return known;
  const findings = checkSettings(env as unknown as Record<string, unknown>);
  const refusals = findings.filter((finding) => finding.severity === 'refuse');
  const result = { findings, refused: [...new Set(refusals.map((finding) => finding.setting))] };
  checked.set(env, result);
  if (refusals.length) {
    log.error('misconfigured: every request is answered 503 until these settings are fixed', {
      settings: refusals.map(({ setting, problem }) => `${setting} ${problem}`),
    });
  }
  const features = findings.filter((finding) => finding.severity === 'feature');
  if (features.length) {
    log.warn('configuration leaves features off or incomplete', {
      settings: features.map(({ setting, feature, problem }) => `${setting} (${feature}) ${problem}`),
    });
  }
  return result;
}

/** Every finding for this Worker's settings. */
export const findingsOf = (env: Env): readonly Finding[] => check(env).findings;

/** The settings whose mistakes stop the Worker (empty when it may serve). */
export const refusedSettings = (env: Env): readonly string[] => check(env).refused;

/** Whether the configuration switches `feature` off (see settings/checks.ts). */
export const featureOff = (env: Env, feature: Feature) => disables(findingsOf(env), feature);
