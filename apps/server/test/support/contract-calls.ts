import * as contract from '@taice/contract';
import type { CallDef } from '@taice/contract';

function isCall(value: unknown): value is CallDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;
}

/**
 * Every call of the contract, found in the call families it exports
 * (`userCalls`, `videoCalls`…), so a call added to any family is listed here
 * without a test having to name it.
 */
export const contractCalls: readonly (CallDef & { name: string })[] = Object.values(contract as Record<string, unknown>)
  .flatMap((family) => (typeof family === 'object' && family !== null ? Object.entries(family) : []))
  .filter((entry): entry is [string, CallDef] => isCall(entry[1]))
  .map(([name, call]) => ({ ...call, name }));

export const contractPaths: ReadonlySet<string> = new Set(contractCalls.map((call) => call.path));
