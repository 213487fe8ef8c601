import { Alert, Form, Radio, Space, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormDialog } from '../../../shared/FormDialog';
import { formatMoney } from '../../../shared/format';
import { useAuthState } from '../../../shared/useAuthState';
import { useCreateOrder, usePackage, useProducts } from '../queries';

/**
 * 购买套餐: the packages to choose from (while one runs, only renewing it), opening on the first of them (FormDialog's
 * firstField: Enter submits); the order
 * goes in as a purchase request, paid and opened by the platform once the company is certified.
 */
export function BuyPackageDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('cost');
  const [form] = Form.useForm<{ productId: number }>();
  const products = useProducts();
  const create = useCreateOrder();
  const auth = useAuthState();
  // One package at a time: while one runs, only renewing it may be ordered (the server refuses another: it compares
  // ids, and two packages may share a name).
  const pkg = usePackage();
  const running = pkg.data?.status === 1 && pkg.data.productId !== null ? pkg.data : null;
  const choices = (products.data?.data ?? []).map((p) => ({
    p,
    blocked: running !== null && p.id !== running.productId,
  }));
  return (
    <FormDialog
      title={t('orders.create')}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={async ({ productId }) => {
        await create.mutateAsync(productId);
        onClose();
        onDone();
      }}
      formProps={{ layout: 'vertical' }}
      after={
        // Buying needs real-name certification (the banner says so): the order may go in first, and is paid and
        // opened once the company is certified (the operator cannot confirm it before).
        auth.data && !auth.data.authenticated ? (
          <Alert
            type="warning"
            showIcon
            title={<Trans t={t} i18nKey="orders.certifyFirst" components={{ auth: <Link to="/enterprise/auth" /> }} />}
          />
        ) : (
          <Alert type="info" showIcon title={t('orders.payHint')} />
        )
      }
    >
      <Form.Item
        name="productId"
        label={t('orders.chooseProduct')}
        rules={[{ required: true, message: t('orders.productRequired') }]}
      >
        <Radio.Group>
          <Space orientation="vertical">
            {choices.map(({ p, blocked }) => {
              return (
                <Radio key={p.id} value={p.id} disabled={blocked}>
                  {p.name} ·{' '}
                  {t('orders.perYear', { price: formatMoney(p.price), days: p.durationDays, count: p.seats })}
                  {blocked && (
                    <Typography.Text type="secondary" style={{ display: 'block' }}>
                      {t('orders.otherWhileRunning', { name: running?.productName })}
                    </Typography.Text>
                  )}
                </Radio>
              );
            })}
          </Space>
        </Radio.Group>
      </Form.Item>
    </FormDialog>
  );
}
