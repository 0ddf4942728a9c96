#!/bin/sh
# Makes the demo topic videos in media/videos/ (committed; run again only to change them). Needs ffmpeg.
# Small on purpose: 12 s, 640x360, no sound, a running clock so a resumed video shows where it resumed.
set -eu
cd "$(dirname "$0")/../media/videos"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
label() { # $1 = title shown on the clip
  echo "drawtext=fontfile=$font:text='$1':x=(w-tw)/2:y=h*0.12:fontsize=30:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10,drawtext=fontfile=$font:text='%{pts\:hms}':x=(w-tw)/2:y=h*0.78:fontsize=26:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=8"
}
webm() { # $1 = file, $2 = lavfi source, $3 = title
  ffmpeg -y -loglevel error -f lavfi -i "$2" -t 12 -vf "$(label "$3")" -an \
    -c:v libvpx-vp9 -crf 42 -b:v 140k -row-mt 1 -deadline good -cpu-used 4 -pix_fmt yuv420p "$1"
  ffmpeg -y -loglevel error -ss 1 -i "$1" -frames:v 1 -vf scale=320:180 -q:v 7 "thumbnails/${1%.webm}.jpg"
}
mkdir -p thumbnails
webm lesson-a.webm "testsrc2=size=640x360:rate=24" "Lesson clip A"
webm lesson-b.webm "smptehdbars=size=640x360:rate=24" "Lesson clip B"
webm lesson-c.webm "gradients=size=640x360:rate=24:speed=0.03" "Lesson clip C"
webm lesson-d.webm "rgbtestsrc=size=640x360:rate=24" "Lesson clip D"

# One H.264 MP4, the other file type browsers play natively.
ffmpeg -y -loglevel error -f lavfi -i "testsrc=size=640x360:rate=24" -t 12 -vf "$(label 'Lesson clip (MP4)')" -an \
  -c:v libx264 -profile:v main -preset slow -crf 32 -pix_fmt yuv420p -movflags +faststart lesson-e.mp4
ffmpeg -y -loglevel error -ss 1 -i lesson-e.mp4 -frames:v 1 -vf scale=320:180 -q:v 7 thumbnails/lesson-e.jpg

# An HLS stream: a playlist and MPEG-TS segments of 4 s, H.264 (what hls.js and native HLS both play).
rm -rf hls && mkdir hls
ffmpeg -y -loglevel error -f lavfi -i "testsrc2=size=640x360:rate=24" -t 12 -vf "$(label 'HLS stream')" -an \
  -c:v libx264 -profile:v main -preset slow -crf 32 -g 48 -keyint_min 48 -sc_threshold 0 -pix_fmt yuv420p \
  -f hls -hls_time 4 -hls_playlist_type vod -hls_segment_filename 'hls/stream-%02d.ts' hls/stream.m3u8
ffmpeg -y -loglevel error -ss 1 -i hls/stream.m3u8 -frames:v 1 -vf scale=320:180 -q:v 7 thumbnails/hls-stream.jpg
