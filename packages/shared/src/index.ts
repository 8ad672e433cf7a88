export * from './audit';
export * from './routes';
export * from './terminal';
