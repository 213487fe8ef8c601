import { Navigate, useNavigate } from 'react-router';
import type { ServiceType } from '../shared/gatedViews';
import { ServiceGate } from '../shared/ServiceGate';

/**
 * A view the company's package does not hold (SPEC §6): the service gate's 温馨提示 dialog, then home. Should the
 * service be granted after all (the menu left the view out for another reason), the address is unknown: /404.
 */
export default function GatedView({ type }: { type: ServiceType }) {
  const navigate = useNavigate();
  return (
    <ServiceGate type={type} onDeniedOk={() => navigate('/home', { replace: true })}>
      <Navigate to="/404" replace />
    </ServiceGate>
  );
}
