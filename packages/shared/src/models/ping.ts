/** GET /ping: only the fields the console reads (spec §7). */
export interface PingJson {
  automatic_upgrades?: boolean;
  proxy?: { assist_enabled?: boolean };
}

export interface Ping {
  automaticUpgrades: boolean;
  assistEnabled: boolean;
}

export const makePing = (json: PingJson): Ping => ({
  automaticUpgrades: json.automatic_upgrades ?? false,
  assistEnabled: json.proxy?.assist_enabled ?? false,
});
