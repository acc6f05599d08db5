import { Anchor, Badge, Box, Group, Paper, Text } from '@mantine/core';
import { tradeAttachmentUrl, type TradeAttachment, type TradeMessage, type TradeRole } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useTradeFormat } from '../hooks/use-trade-format';
import { isImage } from '../utils/attachments';
import { IconFileText } from '@/shared/ui/icons';

type ChatMessageProps = {
  message: TradeMessage;
  myRole: TradeRole;
  /** The viewer's username: among staff, only their own messages are "mine". */
  myUsername: string | null;
  tradeHash: string;
  attachment: TradeAttachment | null;
};

function SystemMessage({ message }: { message: TradeMessage }) {
  const { t } = useTranslation();
  const format = useTradeFormat();
  const system = message.system;
  let text = message.text;
  if (system) {
    switch (system.event) {
      case 'trade_started':
        text = t('trades.chat.system.trade_started');
        break;
      case 'status_changed':
        text = system.status
          ? t('trades.chat.system.status_changed', { status: t(`trades.status.${system.status}`) })
          : message.text;
        break;
      case 'dispute_opened':
        text = t('trades.chat.system.dispute_opened');
        break;
      case 'flow_fallback':
        text = t('trades.chat.system.flow_fallback');
        break;
      case 'requirement_changed':
        text = message.text || t('trades.chat.system.requirement_changed');
        break;
      case 'dispute_decision':
        // The reason is the moderator's own words; only the label around it is translated.
        text = t('trades.chat.system.dispute_decision', { reason: message.text });
        break;
      case 'appeal_opened':
        text = t('trades.chat.system.appeal_opened');
        break;
      case 'appeal_upheld':
      case 'appeal_rejected':
        // The second moderator's reason, verbatim.
        text = t(`trades.chat.system.${system.event}`, { reason: message.text });
        break;
      case 'moderator_available':
        text = t('trades.chat.system.moderator_available');
        break;
      case 'moderator_not_available':
        text = t('trades.chat.system.moderator_not_available');
        break;
      case 'evidence_requested_buyer':
      case 'evidence_requested_seller':
        // The request is the moderator's own words, addressed to one party.
        text = t(`trades.chat.system.${system.event}`, { text: message.text });
        break;
    }
  }
  return (
    <Box ta="center" py={4} data-testid="chat-system-message">
      <Text size="xs" c="dimmed" component="span">
        {text} · {format.time(message.createdAt)}
      </Text>
    </Box>
  );
}

/** The file inside an attachment message: an image inline, a PDF as a link (both open in a new tab). */
function AttachmentBody({
  attachment,
  fallbackUrl,
}: {
  attachment: TradeAttachment | null;
  fallbackUrl: string;
}) {
  const { t } = useTranslation();
  if (attachment && isImage(attachment.mimeType)) {
    return (
      <Anchor href={attachment.url} target="_blank" rel="noopener noreferrer" display="block">
        <img
          src={attachment.url}
          alt={attachment.originalName}
          loading="lazy"
          style={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 6 }}
          data-testid="chat-image"
        />
      </Anchor>
    );
  }
  return (
    <Anchor
      href={attachment?.url ?? fallbackUrl}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      data-testid="chat-file-link"
    >
      <Group gap={6} wrap="nowrap">
        <IconFileText size={18} />
        <span style={{ overflowWrap: 'anywhere' }}>
          {attachment
            ? attachment.pages
              ? t('trades.chat.pdf', { name: attachment.originalName, count: attachment.pages })
              : attachment.originalName
            : t('trades.chat.attachment')}
        </span>
      </Group>
    </Anchor>
  );
}

/**
 * One line of the chat: a bubble (mine on the right), a system notice, or a file. A staff member's
 * message (author role `moderator`) stands out for everyone: a "Moderator" badge and an orange border
 * with a bar on its side (decision 0052).
 */
export function ChatMessage({ message, myRole, myUsername, tradeHash, attachment }: ChatMessageProps) {
  const format = useTradeFormat();
  const { t } = useTranslation();
  if (message.kind === 'system' || !message.author) return <SystemMessage message={message} />;
  const staff = message.author.role === 'moderator';
  // Parties by their side; staff by name (a supermod and the holder may both write).
  const mine = staff
    ? myRole === 'moderator' && message.author.username === myUsername
    : message.author.role === myRole;
  const fallbackUrl =
    message.attachmentId !== null ? tradeAttachmentUrl(tradeHash, message.attachmentId) : '#';
  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-mine={mine}
      data-staff={staff}
    >
      <Paper
        radius="md"
        px="sm"
        py={6}
        maw="85%"
        bg={mine && !staff ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        // The neutral bubble keeps the dimmed text readable (decision 0017); the bar and the border mark staff.
        style={
          staff
            ? {
                border: '1px solid var(--mantine-color-orange-outline)',
                borderInlineStart: '4px solid var(--mantine-color-orange-filled)',
              }
            : undefined
        }
      >
        {staff ? (
          <Group gap={6} wrap="nowrap">
            <Badge size="xs" variant="light" color="orange" data-testid="chat-staff-badge">
              {t('trades.chat.moderatorBadge')}
            </Badge>
            <Text size="xs" fw={600} c="dimmed">
              {message.author.username}
            </Text>
          </Group>
        ) : !mine ? (
          <Text size="xs" fw={600} c="dimmed">
            {message.author.username}
          </Text>
        ) : null}
        {message.kind === 'attachment' ? (
          <AttachmentBody attachment={attachment} fallbackUrl={fallbackUrl} />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Text>
        )}
        <Text size="xs" c="dimmed" ta="right">
          {format.time(message.createdAt)}
        </Text>
      </Paper>
    </Group>
  );
}
