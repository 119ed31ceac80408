/** Operator roles, the audit log and operator access: second factor, bans, sessions (decisions 038, 044). */
export {
  audit,
  createOperators,
  operatorsGate,
  rolesOf,
  SECOND_FACTOR_FREE,
  type AuditEntry,
  type OperatorActor,
  type Operators,
} from './operators';
export { OPERATOR_ROLES, type OperatorRole } from './operators.schema';
export { createOperatorAccess } from './access';
export { createSecondFactor, totpFailures } from './second-factor';
export { operatorsRoutes } from './operators.routes';
