import type { DocumentPageBody } from '@huoke/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentsApi } from './api';

const documentKeys = {
  all: ['documents'] as const,
  page: (body: DocumentPageBody) => ['documents', 'page', body] as const,
  deleted: ['documents', 'deleted'] as const,
};

export const useDocuments = (body: DocumentPageBody) =>
  useQuery({
    queryKey: documentKeys.page(body),
    queryFn: () => documentsApi.page(body),
    placeholderData: keepPreviousData,
  });

/** 最近删除 (refreshed with the lists after any change of a document). */
export const useDeletedDocuments = () => useQuery({ queryKey: documentKeys.deleted, queryFn: documentsApi.deleted });

function useDocumentMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }) });
}

export const useDeleteSoft = () =>
  useDocumentMutation((a: { id: number; isTrueFalse: boolean }) => documentsApi.deleteSoft(a.id, a.isTrueFalse));
export const useEnterprise = () =>
  useDocumentMutation((a: { id: number; on: boolean }) =>
    a.on ? documentsApi.setEnterprise(a.id) : documentsApi.cancelEnterprise(a.id),
  );
export const useCreateDocuments = () => useDocumentMutation(documentsApi.createMany);
export const useRenameDocument = () => useDocumentMutation(documentsApi.update);
