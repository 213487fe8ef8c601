import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCompanyChoice } from '../../../shared/companyChoice';
import type { CompanyFormMode } from './CompanyFormDialog';

const CompanyFormDialog = lazy(() => import('./CompanyFormDialog').then((m) => ({ default: m.CompanyFormDialog })));

/**
 * 选择企业, asked for elsewhere in the console (useCompanyChoice): `onSwitch` opens the dialog the account menu
 * holds. Its 创建企业 / 加入企业 form asked for directly (the workbench of someone in no company) opens here, the
 * same form as the dialog's.
 */
export function AskedCompanyForm({ onSwitch }: { onSwitch: () => void }) {
  const asked = useCompanyChoice((s) => s.asked);
  const answered = useCompanyChoice((s) => s.answered);
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<CompanyFormMode | null>(null);
  // Mounted from its first opening on, so it closes with its animation.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!asked) return;
    answered();
    if (asked === 'switch') return onSwitch();
    setMode(asked);
    setMounted(true);
  }, [asked, answered, onSwitch]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CompanyFormDialog
        open={mode !== null}
        mode={mode ?? 'create'}
        onClose={() => setMode(null)}
        onDone={() => {
          setMode(null);
          void queryClient.invalidateQueries({ queryKey: ['companies'] });
        }}
      />
    </Suspense>
  );
}
