const upper = (arg: Buffer | undefined) => arg?.toString('latin1').toUpperCase();

/** Settings whose value is a password (CONFIG SET requirepass …). */
const secretSettings = new Set([
  'REQUIREPASS',
  'MASTERAUTH',
  'TLS-KEY-FILE-PASS',
  'TLS-CLIENT-KEY-FILE-PASS',
]);

/**
 * Positions of the arguments that carry a password, which the audit log shows as "(redacted)" as Redis's own
 * slow log and MONITOR do. `name` is args[0] upper-cased.
 */
export function secretPositions(name: string, args: Buffer[]): number[] {
  const found: number[] = [];
  switch (name) {
    case 'AUTH':
      // AUTH password, or AUTH user password.
      found.push(args.length - 1);
      break;
    case 'HELLO':
      for (let i = 2; i < args.length; i++) if (upper(args[i]) === 'AUTH') found.push(i + 2);
      break;
    case 'MIGRATE':
      for (let i = 6; i < args.length; i++) {
        const option = upper(args[i]);
        if (option === 'AUTH') found.push(i + 1);
        else if (option === 'AUTH2') found.push(i + 2);
      }
      break;
    case 'ACL':
      if (upper(args[1]) === 'SETUSER') {
        // Password rules: >password, <password, #hash, !hash.
        for (let i = 3; i < args.length; i++)
          if ([0x3e, 0x3c, 0x23, 0x21].includes(args[i]![0]!)) found.push(i);
      }
      break;
    case 'CONFIG':
      if (upper(args[1]) === 'SET')
        for (let i = 2; i + 1 < args.length; i += 2)
          if (secretSettings.has(upper(args[i])!)) found.push(i + 1);
      break;
  }
  return found.filter((i) => i > 0 && i < args.length);
}
