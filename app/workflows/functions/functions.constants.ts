// The remote functions' names and the problems an IBAN check names (issue 25).

/** The functions by their names in the path, in the order the reference lists them. */
export const FUNCTION_NAMES = ['landed-cost', 'convert-currency', 'hs-classify', 'validate-iban'] as const
export type FunctionName = (typeof FUNCTION_NAMES)[number]

/** What can be wrong with an IBAN or its BIC; each has a message under `iban.<problem>` in the functions' catalog. */
export const IBAN_PROBLEMS = ['country', 'length', 'format', 'checksum', 'nationalChecksum', 'bic'] as const
export type IbanProblem = (typeof IBAN_PROBLEMS)[number]
