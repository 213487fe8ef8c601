import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';

/** A scheme other than a host's port (mailto:, javascript:), which no https:// makes a web address. */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * The address a link gets from what was typed: '' for none (the link goes), `https://` before an address without a
 * scheme (www.example.com), null for what is still no http(s) address.
 */
function linkHref(typed: string | undefined): string | null {
  const text = (typed ?? '').trim();
  if (!text) return '';
  if (!/^https?:\/\//i.test(text) && OTHER_SCHEME.test(text)) return null;
  const href = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  if (/\s/.test(href)) return null;
  try {
    const { hostname } = new URL(href);
    return hostname.includes('.') || hostname === 'localhost' ? href : null;
  } catch {
    return null;
  }
}

interface LinkDialogProps {
  open: boolean;
  /** The link being edited, or none. */
  href?: string;
  /** The address to link to; '' removes the link. */
  onSubmit: (href: string) => void;
  onClose: () => void;
}

/** 链接: the address of the selected text's link, with the error under the field for one that is no web address. */
export function LinkDialog({ open, href, onSubmit, onClose }: LinkDialogProps) {
  const { t } = useTranslation('articles');
  const [form] = Form.useForm<{ href: string }>();
  return (
    <FormDialog
      title={t('editor.tb.link')}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={async (v) => onSubmit(linkHref(v.href) ?? '')}
      formProps={{ layout: 'vertical', initialValues: { href: href ?? '' } }}
    >
      <Form.Item
        name="href"
        label={t('editor.linkAddress')}
        rules={[
          {
            validator: async (_, v: string | undefined) => {
              if (linkHref(v) === null) throw new Error(t('editor.linkInvalid'));
            },
          },
        ]}
      >
        <Input placeholder="https://" autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}
