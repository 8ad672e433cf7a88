import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { RuleResult } from './rules';

export type Validator = {
  /** Shows every field's error and says whether all fields pass. */
  validate: () => boolean;
  /** Hides the errors again, e.g. after a successful submit. */
  reset: () => void;
  validating: boolean;
};

type Registry = Validator & { register: (id: string, result: RuleResult) => () => void };

const ValidationContext = createContext<Registry | null>(null);

/**
 * Groups fields: nothing shows an error until `validate()` is called (usually on submit); from then on
 * errors follow the values live.
 */
export function Validation({ children }: { children: ReactNode | ((validator: Validator) => ReactNode) }) {
  const results = useRef(new Map<string, RuleResult>());
  const [validating, setValidating] = useState(false);
  const register = useCallback((id: string, result: RuleResult) => {
    results.current.set(id, result);
    return () => void results.current.delete(id);
  }, []);
  const validate = useCallback(() => {
    setValidating(true);
    return [...results.current.values()].every((r) => r.valid);
  }, []);
  const reset = useCallback(() => setValidating(false), []);
  const value = useMemo(
    () => ({ register, validate, reset, validating }),
    [register, validate, reset, validating],
  );
  return (
    <ValidationContext.Provider value={value}>
      {typeof children === 'function' ? children(value) : children}
    </ValidationContext.Provider>
  );
}

export function useValidation(): Validator {
  const ctx = useContext(ValidationContext);
  if (!ctx) throw new Error('useValidation must be used inside <Validation>');
  return ctx;
}

/** Registers one field's current result; returns the message to show, if any. */
export function useRule(result: RuleResult | undefined): string | undefined {
  const ctx = useContext(ValidationContext);
  const id = useId();
  // The registry keeps the latest result so validate() can read it synchronously.
  if (ctx && result) ctx.register(id, result);
  useEffect(() => (ctx && result ? ctx.register(id, result) : undefined), [ctx, id, result]);
  if (!ctx?.validating || !result || result.valid) return undefined;
  return result.message;
}
