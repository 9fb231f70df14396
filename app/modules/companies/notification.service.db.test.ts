import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../tests/factories/companies'
import { createUser } from '../../../tests/factories/users'
import { database } from '../../platform/db/index.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { userPreferences } from '../identity/index.server'
import { deliverNotice } from './notification.service.server'

describe('deliverNotice', () => {
  it('mails every member but the actor, each in the language they chose (English until they choose)', async () => {
    const owner = await createMember({ role: 'owner' })
    const chinese = await createUser()
    const english = await createUser()
    await addMember(owner.company.id, chinese.id, 'member')
    await addMember(owner.company.id, english.id, 'member')
    await database().insert(userPreferences).values({ userId: chinese.id, language: 'zh-Hans', currency: 'CNY', dateFormat: 'medium', timeFormat: 'short', hourCycle: 'h23' })
    await deliverNotice({ companyId: owner.company.id, exceptUserId: owner.user.id, kind: 'purchase_order.confirm', params: { number: 'PO-2026-00042', company: 'Bamboo Kiln Ceramics' }, link: '/app/orders/x/view' })
    const subjectFor = async (email: string) => (await database().select({ subject: devMessages.subject }).from(devMessages).where(eq(devMessages.recipient, email))).map((row) => row.subject)
    expect(await subjectFor(chinese.email)).toEqual(['订单 PO-2026-00042 已确认'])
    expect(await subjectFor(english.email)).toEqual(['Order PO-2026-00042 confirmed'])
    expect(await subjectFor(owner.user.email)).toEqual([])
  })
})
