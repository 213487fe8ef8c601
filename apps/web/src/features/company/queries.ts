import type { BindingKind, Role } from '@huoke/contracts';
import type { RouteQuery } from '@huoke/contracts/route';
import type { companyRoutes } from '@huoke/contracts/routes/company';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyApi } from './api';

const KEY = ['company'] as const;

export const useMembers = (q: { pageIndex: number; pageSize: number; name?: string }) =>
  useQuery({
    queryKey: [...KEY, 'members', q],
    queryFn: () => companyApi.members(q),
    placeholderData: keepPreviousData,
  });

export const useInvitations = () => useQuery({ queryKey: [...KEY, 'invitations'], queryFn: companyApi.invitations });

export const useApplications = (q: RouteQuery<typeof companyRoutes.applications>) =>
  useQuery({
    queryKey: [...KEY, 'applications', q],
    queryFn: () => companyApi.applications(q),
    placeholderData: keepPreviousData,
  });

export const useSeats = () => useQuery({ queryKey: [...KEY, 'seats'], queryFn: companyApi.seats });

export const useBindings = () => useQuery({ queryKey: [...KEY, 'bindings'], queryFn: companyApi.bindings });

/** Every change to members, applications or seats refreshes the whole company area. */
function useCompanyMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useInvite = () => useCompanyMutation((b: { phone: string; role: Role }) => companyApi.invite(b));
export const useCancelInvitation = () => useCompanyMutation((id: number) => companyApi.cancelInvitation(id));
export const useChangeRole = () =>
  useCompanyMutation((v: { id: number; role: Role }) => companyApi.changeRole(v.id, v.role));
export const useRemoveMember = () => useCompanyMutation((id: number) => companyApi.remove(id));
export const useDecideApplication = () =>
  useCompanyMutation((v: { id: number; approve: boolean }) =>
    v.approve ? companyApi.approve(v.id) : companyApi.refuse(v.id),
  );
export const useSaveBinding = () =>
  useCompanyMutation((b: { kind: BindingKind; appId: string; secret?: string; signature: string }) =>
    companyApi.saveBinding(b),
  );
export const useResetPassword = () =>
  useMutation({
    mutationFn: (v: { userId: number; password: string }) => companyApi.resetPassword(v.userId, v.password),
  });
