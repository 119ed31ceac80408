import { AnalyticsLink, MyVideosByStatus } from '../components/my-videos-by-status';
import { UploadLink } from '../components/my-video-list';

/** /SelfProfile/Creation: the profile's Creation tab, the creator's videos as /V2/myvideos lists them. */
export default function SelfProfileCreation() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <UploadLink />
        <AnalyticsLink />
      </div>
      <MyVideosByStatus />
    </div>
  );
}
