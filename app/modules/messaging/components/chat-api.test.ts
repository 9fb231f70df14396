import { describe, expect, it } from 'vitest'
import { camelizeKeys } from './chat-api'

describe('camelizeKeys', () => {
  it('turns the REST API’s snake_case message into the service shape', () => {
    const api = {
      id: 'm1',
      conversation_id: 'c1',
      client_id: 'k',
      author: { company_name: 'Acme' },
      attachments: [{ content_type: 'image/png', size_bytes: 3 }],
      reactions: [{ emoji: '👍', user_ids: ['u1'] }],
    }
    expect(camelizeKeys(api)).toEqual({
      id: 'm1',
      conversationId: 'c1',
      clientId: 'k',
      author: { companyName: 'Acme' },
      attachments: [{ contentType: 'image/png', sizeBytes: 3 }],
      reactions: [{ emoji: '👍', userIds: ['u1'] }],
    })
  })

  it('keeps the field names of validation errors as the server sent them', () => {
    expect(camelizeKeys({ details: { fields: { attachment_file_ids: ['Too many files'] } } })).toEqual({
      details: { fields: { attachment_file_ids: ['Too many files'] } },
    })
  })
})
