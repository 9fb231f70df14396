export * from './messaging.constants'
export type * from './messaging.types'
export {
  canDeleteMessage,
  canEditMessage,
  canManageChannel,
  canPostConversation,
  canReadConversation,
  counterpartOf,
  excerptOf,
  isThread,
  threadKeys,
  type ChannelMembership,
  type ConversationAccessFacts,
} from './messaging.policy'
export {
  CHANNEL_MAX_NEW_MEMBERS,
  CHANNEL_PAGE_SIZE,
  ChannelListQuery,
  ChannelMembersInput,
  CreateChannelInput,
  EditMessageInput,
  INBOX_PAGE_SIZE,
  InboxQuery,
  MarkReadInput,
  MessagePageQuery,
  MessageSearchQuery,
  OpenThreadInput,
  ReactionInput,
  SEARCH_PAGE_SIZE,
  MessageInput,
  UpdateChannelInput,
  type SendMessageFields,
} from './messaging.inputs'
export { ChannelPanel } from './components/channel-panel'
export { ConversationView } from './components/conversation-view'
export { NewChannelDialog, type ChannelFormFailure, type CompanyMemberChoice } from './components/new-channel-dialog'
export { OpenConversation, SignInToMessage } from './components/open-conversation'
export { PartyConversations, type PartyThread } from './components/party-conversations'
