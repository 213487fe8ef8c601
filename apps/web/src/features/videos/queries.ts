import type { VideoPageQuery } from '@huoke/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { videosApi } from './api';

const videoKeys = { all: ['videos'] as const, page: (q: VideoPageQuery) => ['videos', 'page', q] as const };

export const useVideos = (q: VideoPageQuery) =>
  useQuery({ queryKey: videoKeys.page(q), queryFn: () => videosApi.page(q), placeholderData: keepPreviousData });

function useVideoMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.all }) });
}

export const useCreateVideo = () => useVideoMutation(videosApi.create);
export const useDeleteVideo = () =>
  useVideoMutation((a: { id: number; isTrueFalse: boolean }) => videosApi.deleteSoft(a.id, a.isTrueFalse));
export const useVideoEnterprise = () =>
  useVideoMutation((a: { id: number; on: boolean }) =>
    a.on ? videosApi.setEnterprise(a.id) : videosApi.cancelEnterprise(a.id),
  );
