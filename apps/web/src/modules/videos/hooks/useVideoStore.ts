import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { useTimedMessage } from '../../../ui/useTimedMessage';
import { messageOr } from '../../content/api/upload';
import {
  createVideo,
  deleteVideo,
  fetchVideos,
  publishVideo,
  updateVideo,
  type Video,
  type VideoValues,
  videoKeys,
} from '../api/videosApi';
import { VIDEOS_NS } from '../i18n';

type VideoList = { data: Video[] };

/**
 * The video store of spec 4: the list, the current video, loading, error and a success message that
 * clears after 3 seconds. Creating puts the new video first, updating merges the change into the list and
 * into the current video, deleting removes it and clears the current video when it is the same one.
 * Publish now (decision 0037) merges the live video the same way.
 */
export function useVideoStore() {
  const { t } = useT(VIDEOS_NS);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: videoKeys.list,
    queryFn: ({ signal }) => fetchVideos(signal),
    // A scheduled video goes live by itself: read again each half minute while one waits.
    refetchInterval: (q) => (q.state.data?.data.some((v) => v.status === 'scheduled') ? 30_000 : false),
  });
  const [current, setCurrent] = useState<Video | null>(null);
  const [message, showMessage] = useTimedMessage(3000);
  const [error, setError] = useState<string | null>(null);

  const patchList = (change: (videos: Video[]) => Video[]) =>
    queryClient.setQueryData<VideoList>(videoKeys.list, (old) => (old ? { data: change(old.data) } : old));

  const create = useMutation({
    mutationFn: createVideo,
    onMutate: () => setError(null),
    onSuccess: (res) => {
      patchList((videos) => [res.data, ...videos.filter((v) => v.id !== res.data.id)]);
      showMessage(res.message);
      void queryClient.invalidateQueries({ queryKey: videoKeys.latest });
    },
    onError: (e) => setError(messageOr(e, t('store.createFailed'))),
  });

  const update = useMutation({
    mutationFn: ({ id, values }: { id: number; values: VideoValues }) => updateVideo(id, values),
    onMutate: () => setError(null),
    onSuccess: (res) => {
      patchList((videos) => videos.map((v) => (v.id === res.data.id ? { ...v, ...res.data } : v)));
      setCurrent((c) => (c !== null && c.id === res.data.id ? { ...c, ...res.data } : c));
      showMessage(res.message);
      void queryClient.invalidateQueries({ queryKey: videoKeys.latest });
    },
    onError: (e) => setError(messageOr(e, t('store.updateFailed'))),
  });

  const publish = useMutation({
    mutationFn: publishVideo,
    onMutate: () => setError(null),
    onSuccess: (res) => {
      patchList((videos) => videos.map((v) => (v.id === res.data.id ? res.data : v)));
      setCurrent((c) => (c !== null && c.id === res.data.id ? res.data : c));
      showMessage(res.message);
      void queryClient.invalidateQueries({ queryKey: videoKeys.latest });
    },
    onError: (e) => setError(messageOr(e, t('store.publishFailed'))),
  });

  const remove = useMutation({
    mutationFn: deleteVideo,
    onMutate: () => setError(null),
    onSuccess: (res, id) => {
      patchList((videos) => videos.filter((v) => v.id !== id));
      setCurrent((c) => (c !== null && c.id === id ? null : c));
      showMessage(res.message);
      void queryClient.invalidateQueries({ queryKey: videoKeys.latest });
    },
    onError: (e) => setError(messageOr(e, t('store.deleteFailed'))),
  });

  return {
    videos: list.data?.data,
    list,
    loadError: list.isError ? messageOr(list.error, t('store.fetchFailed')) : null,
    loading: list.isPending || create.isPending || update.isPending || publish.isPending || remove.isPending,
    current,
    setCurrent,
    message,
    error,
    clearError: () => setError(null),
    create,
    update,
    publish,
    remove,
  };
}
