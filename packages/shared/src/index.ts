export * from './api';
export * from './audit';
export * from './config';
export * from './constants';
export { encodePassword, decodePassword } from './password';
export * from './routes';
export * from './storage';
export * from './terminal';
