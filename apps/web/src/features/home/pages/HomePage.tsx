import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { getToken, request } from '../../../shared/request';

export function HomePage() {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    request<{ profile: { name: string; companyName: string } }>('GET', '/usr/session').then(
      (i) => setName(`${i.profile.name} · ${i.profile.companyName}`),
      () => setName(''),
    );
  }, []);
  if (!getToken()) return <Navigate to="/login" replace />;
  return <div style={{ padding: 24 }}>{name}</div>;
}
