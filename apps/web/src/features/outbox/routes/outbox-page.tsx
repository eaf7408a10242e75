import type { OutboxMessage } from '@equip/domain/organizations';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EyeOff, Inbox, Mail, MessageSquareText, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { statusOf } from '@/lib/api/error-message';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { useOutbox } from '../api/get-outbox';
import { LinkifiedText } from '../components/linkified-text';

/** Read while rendering: `t` answers in the current language. */
function titleOf(message: OutboxMessage): string {
  return message.kind === 'sms' ? t`Text message` : message.subject || t`(no subject)`;
}

/** Why a body is not shown (outside demo mode the server sends metadata only). */
export const WITHHELD_BODY_NOTE = msg`Equip does not show the text of messages here outside demo mode: they carry live sign-in, invitation and password-reset links and codes. Codes in subjects are masked.`;

function deliveryNote(message: OutboxMessage): string {
  const recipient = message.to;
  if (message.sentAt) return t`It was delivered to ${recipient}, who can read it there.`;
  return message.kind === 'mail'
    ? t`It has not been sent: without an SMTP server (SMTP_URL) mail stays in this outbox.`
    : t`It has not been sent: without a text-message provider, messages stay in this outbox.`;
}

function WithheldBody({ message }: { message: OutboxMessage }) {
  const { i18n } = useLingui();
  return (
    <div className="flex gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <div className="space-y-1">
        <p className="font-medium text-slate-900">
          <Trans>Message text withheld</Trans>
        </p>
        <p>{i18n._(WITHHELD_BODY_NOTE)}</p>
        <p>{deliveryNote(message)}</p>
      </div>
    </div>
  );
}

function MessageView({ message, focusOnShow }: { message: OutboxMessage; focusOnShow: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  return (
    <article aria-labelledby="outbox-message-title" className="flex h-full flex-col">
      <header className="space-y-3 border-b border-slate-100 p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={message.kind === 'mail' ? 'indigo' : 'neutral'}>
            {message.kind === 'mail' ? <Trans>Email</Trans> : 'SMS'}
          </Badge>
          {message.sentAt ? (
            <Badge tone="green">
              <Trans>Delivered</Trans>
            </Badge>
          ) : (
            <Badge tone="amber">
              <Trans>Held (not sent)</Trans>
            </Badge>
          )}
        </div>
        <h2
          ref={headingRef}
          id="outbox-message-title"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {titleOf(message)}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">
            <Trans>To</Trans>
          </dt>
          <dd className="break-all text-slate-900">{message.to}</dd>
          <dt className="text-slate-500">
            <Trans>Created</Trans>
          </dt>
          <dd className="text-slate-900">{formatDateTime(message.createdAt)}</dd>
          {message.sentAt ? (
            <>
              <dt className="text-slate-500">
                <Trans>Sent</Trans>
              </dt>
              <dd className="text-slate-900">{formatDateTime(message.sentAt)}</dd>
            </>
          ) : null}
        </dl>
      </header>
      {/* Scrolls when the text is long: reachable from the keyboard, named by the message's title. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll from the keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        aria-labelledby="outbox-message-title"
        className="flex-1 overflow-auto p-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        {message.text === null ? (
          <WithheldBody message={message} />
        ) : (
          <p className="text-sm leading-relaxed whitespace-pre-wrap text-slate-800">
            <LinkifiedText text={message.text} />
          </p>
        )}
      </section>
    </article>
  );
}

/**
 * `/dashboard/mail` (provider admins): the outbox, as metadata. In demo mode (and only there) the server
 * also sends the bodies: without an SMTP server the demo keeps mail here,
 * so invitations, reset links and sign-in codes can be read (and their links followed).
 */
export function OutboxPage() {
  const { t } = useLingui();
  const outbox = useOutbox();
  const [selectedUuid, setSelectedUuid] = useState<string>();
  const readerRef = useRef<HTMLDivElement>(null);
  const messages = outbox.data ?? [];
  const selected = messages.find((message) => message.uuid === selectedUuid) ?? messages[0];

  // On narrow screens the reader is below the list: bring it into view when a message is chosen.
  useEffect(() => {
    if (selectedUuid) readerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedUuid]);

  let content: ReactNode;
  if (outbox.isPending) content = <PageSpinner label={t`Loading the outbox`} />;
  else if (outbox.isError) {
    content =
      statusOf(outbox.error) === 404 ? (
        <EmptyState
          icon={Inbox}
          title={t`The outbox is not available`}
          description={t`This server does not offer the outbox yet.`}
        />
      ) : (
        <LoadError
          error={outbox.error}
          fallback={t`The outbox could not be loaded.`}
          retrying={outbox.isFetching}
          onRetry={() => outbox.refetch()}
        />
      );
  } else if (messages.length === 0) {
    content = (
      <EmptyState
        icon={Inbox}
        title={t`No messages yet`}
        description={t`Invitations, password reset links and sign-in codes will appear here as they are sent.`}
      />
    );
  } else {
    content = (
      <Card className="grid overflow-hidden lg:h-[calc(100vh-14rem)] lg:min-h-[28rem] lg:grid-cols-[22rem_1fr]">
        <nav
          aria-label={t`Messages`}
          className="overflow-y-auto border-b border-slate-200 lg:border-r lg:border-b-0"
        >
          <ul className="divide-y divide-slate-100">
            {messages.map((message) => {
              const active = message.uuid === selected?.uuid;
              const Icon = message.kind === 'mail' ? Mail : MessageSquareText;
              return (
                <li key={message.uuid}>
                  <button
                    type="button"
                    aria-current={active ? 'true' : undefined}
                    onClick={() => setSelectedUuid(message.uuid)}
                    className={cn(
                      'flex w-full gap-3 px-4 py-3 text-left transition-colors',
                      'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                      active ? 'bg-indigo-50' : 'hover:bg-slate-50',
                    )}
                  >
                    <Icon
                      aria-hidden="true"
                      className={cn('mt-0.5 size-4 shrink-0', active ? 'text-indigo-600' : 'text-slate-400')}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate text-sm font-medium text-slate-900">{message.to}</span>
                        <time dateTime={message.createdAt} className="shrink-0 text-xs text-slate-500">
                          {formatDateTime(message.createdAt)}
                        </time>
                      </span>
                      <span className="block truncate text-sm text-slate-700">{titleOf(message)}</span>
                      <span className="block truncate text-xs text-slate-500">
                        {message.text === null ? (
                          <span className="italic">
                            <Trans>Text withheld</Trans>
                          </span>
                        ) : (
                          message.text.slice(0, 120)
                        )}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div ref={readerRef} className="min-w-0 lg:overflow-hidden">
          {selected ? (
            <MessageView
              key={selected.uuid}
              message={selected}
              focusOnShow={selectedUuid === selected.uuid}
            />
          ) : null}
        </div>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        description={t`Mail and text messages this installation has sent or holds, newest first: to whom, when and about what. Their text is shown only in demo mode.`}
        actions={
          outbox.isSuccess ? (
            <Button
              variant="secondary"
              size="sm"
              loading={outbox.isFetching}
              onClick={() => outbox.refetch()}
            >
              {outbox.isFetching ? null : <RotateCw aria-hidden="true" />}
              <Trans>Refresh</Trans>
            </Button>
          ) : null
        }
      />
      {content}
    </div>
  );
}
