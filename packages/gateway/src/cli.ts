import { buildProgram } from './cli/program';

buildProgram()
  .parseAsync()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? `error: ${err.message}` : err);
    process.exit(1);
  });
