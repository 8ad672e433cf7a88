/** How every command finds the gateway's storage. */
export interface StorageFlags {
  dataDir?: string;
  config?: string;
  db?: string;
}

export function storageOptions<T extends { option: (flags: string, description: string) => T }>(command: T): T {
  return command
    .option('--data-dir <dir>', 'the gateway data directory (default ./data)')
    .option('--config <file>', 'the gateway YAML configuration file')
    .option('--db <url>', 'a postgres:// URL when the gateway uses PostgreSQL');
}
