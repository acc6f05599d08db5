import { TRADE_MESSAGE_MAX, type Trade, type TradeAttachment } from '@app/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '@/shared/api';
import { useRealtimeClient } from '@/shared/realtime';
import { useCurrentUser } from '@/shared/session/current-user';
import { ErrorState } from '@/shared/ui/error-state';
import { useUploadTradeAttachment } from '../api/attachments';
import { loadOlderMessages, useTradeMessages } from '../api/get-trade-messages';
import { useSendTradeMessage } from '../api/send-message';
import { useTradeFormat } from '../hooks/use-trade-format';
import { useUploadErrorText } from '../hooks/use-upload-error-text';
import { ACCEPTED_FILES } from '../utils/attachments';
import { chatNoticeOf } from '../utils/chat-notice';
import { ChatMessage } from './chat-message';
import { IconPaperclip, IconSend } from '@/shared/ui/icons';
import { FormError } from '@/shared/ui/form-error';

type TradeChatProps = {
  trade: Trade;
  attachments: readonly TradeAttachment[];
  /** Files I may still add (from the attachments list), or null while unknown. */
  remainingUploads: number | null;
  typingUsername: string | null;
};

/**
 * The trade chat: messages oldest first with older pages on demand, what the other party types (live),
 * files inline (images) or as links (PDFs), and a composer that is replaced by the reason when the chat
 * is closed for this trade (spec: chat block reasons, worded for the trade's state: chat-notice.ts).
 * Staff (the console's dispute view, or the trade page) write to both parties through the console's
 * route, without files; their messages are marked "Moderator" (decision 0052).
 */
export function TradeChat({ trade, attachments, remainingUploads, typingUsername }: TradeChatProps) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const queryClient = useQueryClient();
  const realtime = useRealtimeClient();
  const me = useCurrentUser().data?.username ?? null;
  const staff = trade.role === 'moderator';
  const messages = useTradeMessages(trade.id);
  const send = useSendTradeMessage(trade.id, staff ? 'staff' : 'party');
  const upload = useUploadTradeAttachment(trade.id);
  const uploadError = useUploadErrorText(upload.error);
  const errorText = useApiErrorText();
  const [text, setText] = useState('');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = messages.data?.messages.at(-1)?.id;

  // Follow the conversation: a new last message scrolls to the bottom (older pages do not change it).
  useEffect(() => {
    const element = viewport.current;
    if (element && lastId !== undefined) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  const submit = () => {
    const value = text.trim();
    if (!value || send.isPending) return;
    send.mutate(value, { onSuccess: () => setText('') });
  };

  const older = async () => {
    setLoadingOlder(true);
    setOlderError(false);
    try {
      await loadOlderMessages(queryClient, trade.id);
    } catch {
      setOlderError(true);
    } finally {
      setLoadingOlder(false);
    }
  };

  const byId = new Map(attachments.map((attachment) => [attachment.id, attachment]));
  const canPost = trade.chat.canPost;
  const canAttach = canPost && !staff && (remainingUploads === null || remainingUploads > 0);
  const notice = chatNoticeOf(trade);
  const noticeText = notice
    ? t(`trades.chat.notice.${notice.key}`, {
        name: notice.name ?? '',
        date: notice.closesAt !== undefined ? format.fromSeconds(notice.closesAt) : '',
      })
    : null;

  return (
    <Paper withBorder radius="md" p="md" data-testid="trade-chat">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('trades.chat.title')}
        </Title>
        {/* Focusable so keyboard users can scroll the conversation (WCAG 2.1.1, axe scrollable-region-focusable). */}
        <ScrollArea
          h={380}
          viewportRef={viewport}
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, 'aria-label': t('trades.chat.title') }}
        >
          {messages.isPending ? (
            <Center h={300}>
              <Loader size="sm" role="status" aria-label={t('common.loading')} />
            </Center>
          ) : messages.isError ? (
            <ErrorState message={t('trades.chat.loadError')} onRetry={() => void messages.refetch()} />
          ) : (
            <Stack gap={6} pr="xs" data-testid="chat-messages" aria-live="polite" aria-relevant="additions">
              {messages.data.hasOlder ? (
                <Center>
                  <Button size="xs" variant="subtle" loading={loadingOlder} onClick={() => void older()}>
                    {olderError ? t('trades.chat.olderRetry') : t('trades.chat.older')}
                  </Button>
                </Center>
              ) : null}
              {messages.data.messages.length === 0 ? (
                <Text size="sm" c="dimmed" ta="center" py="xl">
                  {t('trades.chat.empty')}
                </Text>
              ) : (
                messages.data.messages.map((message) => (
                  <ChatMessage
                    key={message.id}
                    message={message}
                    myRole={trade.role}
                    myUsername={me}
                    tradeHash={trade.id}
                    attachment={
                      message.attachmentId !== null ? (byId.get(message.attachmentId) ?? null) : null
                    }
                  />
                ))
              )}
            </Stack>
          )}
        </ScrollArea>
        <Text size="xs" c="dimmed" h={18} aria-live="polite" data-testid="typing-indicator">
          {typingUsername ? t('trades.chat.typing', { name: typingUsername }) : ''}
        </Text>
        {canPost ? (
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              {staff ? null : (
                <FileButton
                  accept={ACCEPTED_FILES}
                  onChange={(file) => {
                    if (file) upload.mutate({ file });
                  }}
                  disabled={!canAttach || upload.isPending}
                >
                  {(props) => (
                    <Tooltip label={canAttach ? t('trades.chat.attach') : t('trades.chat.attachLimit')}>
                      <ActionIcon
                        variant="default"
                        size={36}
                        aria-label={t('trades.chat.attach')}
                        loading={upload.isPending}
                        {...props}
                      >
                        <IconPaperclip size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </FileButton>
              )}
              <Textarea
                aria-label={staff ? t('trades.chat.staffPlaceholder') : t('trades.chat.placeholder')}
                placeholder={staff ? t('trades.chat.staffPlaceholder') : t('trades.chat.placeholder')}
                value={text}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  if (event.currentTarget.value.trim()) realtime.sendTyping(trade.id);
                }}
                onKeyDown={(event) => {
                  // Enter sends, Shift+Enter starts a new line (what chat users expect).
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    submit();
                  }
                }}
                maxLength={TRADE_MESSAGE_MAX}
                autosize
                minRows={1}
                maxRows={5}
                style={{ flex: 1 }}
                data-testid="chat-input"
              />
              <ActionIcon
                size={36}
                onClick={submit}
                loading={send.isPending}
                disabled={!text.trim()}
                aria-label={t('trades.chat.send')}
                data-testid="chat-send"
              >
                <IconSend size={18} />
              </ActionIcon>
            </Group>
            <FormError
              message={send.isError ? errorText(send.error) : null}
              p="xs"
              data-testid="chat-send-error"
            />
            <FormError message={uploadError} p="xs" data-testid="upload-error" />
            {noticeText ? (
              <Text size="xs" c="dimmed" data-testid="chat-notice">
                {noticeText}
              </Text>
            ) : null}
          </Stack>
        ) : noticeText ? (
          <Alert color="gray" variant="light" data-testid="chat-blocked">
            {noticeText}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
