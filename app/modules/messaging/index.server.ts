export {
  canJoinConversation,
  conversationForSubject,
  forgetJoinDecisions,
  getConversation,
  listInbox,
  openThread,
  unreadSummary,
} from './conversation.service.server'
export {
  deleteMessage,
  editMessage,
  hydrateMessages,
  listMessages,
  markRead,
  messageAttachmentUrl,
  openMessageAttachment,
  searchMessages,
  sendMessage,
  toggleReaction,
  type MessageAttachmentDownload,
} from './message.service.server'
export {
  addChannelMembers,
  createChannel,
  joinChannel,
  leaveChannel,
  listChannels,
  removeChannelMember,
  updateChannel,
  type ChannelPage,
} from './channel.service.server'
