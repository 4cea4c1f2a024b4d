import { log } from './logger';
import { checkSettings, disables, type Feature, type Finding } from './settings';

/** The findings of each settings object: an isolate checks its configuration once, not per request. */
const checked = new WeakMap<object, readonly Finding[]>();

/**
 * The findings for this Worker's settings (lib/settings.ts), checked once per isolate. The first check logs each
 * refusal at error level and each switched-off feature as a warning, naming the setting, never its value.
 */
export function findingsOf(env: Env): readonly Finding[] {
  const known = checked.get(env);
  if (known) return known;
  const findings = checkSettings(env as unknown as Record<string, unknown>);
  checked.set(env, findings);
  const refusals = findings.filter((finding) => finding.severity === 'refuse');
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
  return findings;
}

/** The settings whose mistakes stop the Worker (empty when it may serve). */
export function refusedSettings(env: Env): string[] {
  return [
    ...new Set(
      findingsOf(env)
        .filter((finding) => finding.severity === 'refuse')
        .map((finding) => finding.setting),
    ),
  ];
}

/** Whether the configuration switches `feature` off (see lib/settings.ts). */
export const featureOff = (env: Env, feature: Feature) => disables(findingsOf(env), feature);
