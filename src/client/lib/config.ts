import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/initial-data';

export const ConfigContext = createContext<PublicConfig | null>(null);

/** The Worker's public settings (site URL, product name, map style). */
export function useConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig outside ConfigContext');
  return config;
}
