import { z } from '../../platform/zod'

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value)
const optionalId = (message: string) => z.preprocess(blankToNull, z.string(message).trim().min(1, message).max(64, message).nullable())

export const WAREHOUSE_CODE_MAX = 20

/**
 * A warehouse as its form and the API send it: a short code (unique in the company, whatever its case), a name, an
 * address of the company's address book and a member who manages it (both optional), notes, and whether the market
 * may see its available stock (off unless chosen).
 */
export const WarehouseInput = z.object({
  code: z
    .string('validation.code')
    .trim()
    .min(1, 'validation.code')
    .max(WAREHOUSE_CODE_MAX, 'validation.codeTooLong')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, 'validation.codeFormat'),
  name: z.string('validation.name').trim().min(1, 'validation.name').max(120, 'validation.nameTooLong'),
  addressId: optionalId('validation.address'),
  managerUserId: optionalId('validation.manager'),
  notes: z.preprocess((value) => value ?? '', z.string('validation.notes').trim().max(1000, 'validation.notesTooLong')),
  publishAvailability: z.boolean('validation.publishAvailability').default(false),
})
export type WarehouseInput = z.infer<typeof WarehouseInput>
