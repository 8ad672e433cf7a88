import type { ClusterJson } from '@portcullis/shared';

/** A root gateway's clusters list for the stories: itself, an online leaf and one whose tunnel is down. */
export const storyClusters: ClusterJson[] = [
  {
    name: 'root.example.com',
    lastConnected: '2026-01-01T10:00:00Z',
    status: 'online',
    nodeCount: 12,
    publicURL: 'root.example.com:3080',
    authVersion: '0.1.0',
    proxyVersion: '0.1.0',
  },
  {
    name: 'leaf-east',
    lastConnected: '2026-01-01T09:59:30Z',
    status: 'online',
    nodeCount: 4,
    publicURL: 'east.example.com:3080',
    authVersion: '0.1.0',
    proxyVersion: '0.1.0',
  },
  {
    name: 'leaf-west',
    lastConnected: '2025-12-31T18:20:00Z',
    status: 'offline',
    nodeCount: 0,
    publicURL: 'west.example.com:3080',
    authVersion: '0.1.0',
    proxyVersion: '0.1.0',
  },
];
