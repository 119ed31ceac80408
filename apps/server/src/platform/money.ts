/** Hundredths of TAICE, as the ledger and every table keep them, to TAICE, as the API sends them. */
export const taice = (hundredths: number) => hundredths / 100;
