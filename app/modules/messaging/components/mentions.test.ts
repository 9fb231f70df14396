import { describe, expect, it } from 'vitest'
import { MESSAGE_MAX_MENTIONS } from '../messaging.constants'
import { filterMentionables, insertMention, mentionedUserIds, mentionQueryAt, splitMentions, splitLinks } from './mentions'

const people = [
  { userId: 'u1', name: 'Ana Lima' },
  { userId: 'u2', name: 'Bo Chen' },
  { userId: 'u3', name: 'Diana Ross' },
  { userId: 'me', name: 'Anabel Me' },
]

describe('mentionQueryAt', () => {
  it('finds the @query being typed at the caret', () => {
    expect(mentionQueryAt('hello @an', 9)).toEqual({ start: 6, query: 'an' })
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' })
  })

  it('ignores an @ inside a word (an email address) or a finished mention', () => {
    expect(mentionQueryAt('mail ana@example.com', 20)).toBeNull()
    expect(mentionQueryAt('@Ana Lima thanks', 16)).toBeNull()
    expect(mentionQueryAt('no mention here', 15)).toBeNull()
  })
})

describe('filterMentionables', () => {
  it('lists names that start with the query first, then names containing it, without the author', () => {
    expect(filterMentionables(people, 'an', 'me').map((person) => person.userId)).toEqual(['u1', 'u3'])
    expect(filterMentionables(people, 'AN', null).map((person) => person.userId)).toEqual(['u1', 'me', 'u3'])
  })

  it('shows everyone (up to the limit) for a bare @', () => {
    expect(filterMentionables(people, '', 'me', 2).map((person) => person.userId)).toEqual(['u1', 'u2'])
  })
})

describe('insertMention', () => {
  it('replaces the query with the full name and puts the caret after it', () => {
    const text = 'hi @bo, see this'
    const result = insertMention(text, { start: 3, query: 'bo' }, people[1]!, 6)
    expect(result).toEqual({ text: 'hi @Bo Chen , see this', caret: 12 })
  })
})

describe('mentionedUserIds', () => {
  it('keeps picked people whose @Name is still in the text, once each', () => {
    const picked = [people[0]!, people[1]!, people[0]!]
    expect(mentionedUserIds('@Ana Lima please check', picked)).toEqual(['u1'])
    expect(mentionedUserIds('@Ana Lima and @Bo Chen', picked)).toEqual(['u1', 'u2'])
  })

  it('never sends more mentions than the server accepts', () => {
    const many = Array.from({ length: MESSAGE_MAX_MENTIONS + 5 }, (_, index) => ({ userId: `u${index}`, name: `P${index}` }))
    const text = many.map((person) => `@${person.name}`).join(' ')
    expect(mentionedUserIds(text, many)).toHaveLength(MESSAGE_MAX_MENTIONS)
  })
})

describe('splitMentions', () => {
  it('marks the mentioned names, preferring the longest match', () => {
    const mentions = [
      { userId: 'u1', name: 'Ana' },
      { userId: 'u9', name: 'Ana Lima' },
    ]
    expect(splitMentions('hi @Ana Lima and @Ana.', mentions)).toEqual([
      { text: 'hi ' },
      { text: '@Ana Lima', mention: 'Ana Lima' },
      { text: ' and ' },
      { text: '@Ana', mention: 'Ana' },
      { text: '.' },
    ])
  })

  it('leaves a body without mentions as one part, even with regex characters in names', () => {
    expect(splitMentions('plain (text)', [])).toEqual([{ text: 'plain (text)' }])
    expect(splitMentions('@A.B+ ok', [{ userId: 'x', name: 'A.B+' }])).toEqual([{ text: '@A.B+', mention: 'A.B+' }, { text: ' ok' }])
  })
})

describe('splitLinks', () => {
  it('finds http and https addresses and leaves trailing punctuation outside', () => {
    expect(splitLinks('See https://tradeport.example/en/b2b/product/p1. Thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://tradeport.example/en/b2b/product/p1', href: 'https://tradeport.example/en/b2b/product/p1' },
      { text: '. Thanks' },
    ])
    expect(splitLinks('关于产品：http://127.0.0.1:3000/zh-Hans/b2b/product/p2，谢谢')).toEqual([
      { text: '关于产品：' },
      { text: 'http://127.0.0.1:3000/zh-Hans/b2b/product/p2', href: 'http://127.0.0.1:3000/zh-Hans/b2b/product/p2' },
      { text: '，谢谢' },
    ])
  })

  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) and ftp://x.example')).toEqual([{ text: 'javascript:alert(1) and ftp://x.example' }])
    expect(splitLinks('')).toEqual([{ text: '' }])
  })
})
