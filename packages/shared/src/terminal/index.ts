export * from './messages';
export * from './codec';
export * from './flow';
export * from './params';
