export const BACKUP_DIR: string;
export class BackupError extends Error {}
export function parseArgs(argv: string[]): { environment: string; dryRun: boolean };
export function databaseName(
  rawConfig: { env?: Record<string, { d1_databases?: Array<{ binding: string; database_name?: string }> }> },
  environment: string,
  configPath?: string,
): string;
export function readDatabaseName(configPath: string, environment: string): string;
export function backupFile(environment: string, now?: Date): string;
export function exportArgs(database: string, environment: string, output: string): string[];
export function restoreFile(output: string): string;
export function restorableSql(dump: string): string;
