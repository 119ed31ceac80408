/** The addresses module's public surface: members' delivery addresses (issue 17). */
export { createAddresses, findOwnAddress, addressView, type Addresses } from './addresses';
export { addressesRoutes } from './addresses.routes';
export type { AddressRow } from './addresses.schema';
